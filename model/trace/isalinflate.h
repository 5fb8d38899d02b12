#pragma once

#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

namespace npuscope {

// ISA-L's streaming gzip inflate (igzip, faster than zlib, the CRC with PCLMUL), one gzip member
// at a time: the header is parsed and the CRC and length checked by ISA-L. Its whole state can be
// copied (snapshot) at any point between calls and restored later to go on from there: a
// checkpoint for random access that does not need a deflate block boundary. Without libisal-dev
// at build time available() is false and nothing else may be called.
class IsalInflate {
public:
    enum class Result { Ok, MemberEnd, Error };

    IsalInflate();
    ~IsalInflate();
    IsalInflate(const IsalInflate &) = delete;
    IsalInflate &operator=(const IsalInflate &) = delete;

    static bool available();

    // Starts over at a gzip member's header (the input given stays).
    void resetMember();
    void setInput(const unsigned char *data, std::size_t size);
    std::size_t inputLeft() const; // of the input given, not read yet
    // Inflates into dst (up to `room` bytes, *produced the count): MemberEnd once the member's
    // trailer checked out, Error on damage (errorText()).
    Result inflate(char *dst, std::size_t room, std::size_t *produced);
    QString errorText() const { return m_error; }

    // The state between calls, input position excluded: go on by restore() and setInput() from
    // the compressed byte after what was given minus inputLeft(). Tens of KiB.
    std::vector<unsigned char> snapshot() const;
    bool restore(const std::vector<unsigned char> &state);

private:
    struct State;
    std::unique_ptr<State> m_s;
    QString m_error;
    bool m_atHeader = true; // the member's magic not checked yet
};

} // namespace npuscope
