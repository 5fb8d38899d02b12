#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <vector>

namespace npuscope {

// A timeline picture of the report, written beside it (Markdown) and embedded (HTML).
struct ReportImage {
    QString title;
    QString fileName; // "rank0-overview.png"
    QByteArray png;
};

// The report as a list of plain blocks (headings, paragraphs, lists, tables, images, code),
// built once from the report object of profileReportJson() and rendered as HTML or Markdown
// by HtmlReport, so that the two documents always say the same thing.
class ReportDocument {
    Q_DECLARE_TR_FUNCTIONS(npuscope::ReportDocument)

public:
    struct Block {
        enum class Kind { Heading, Paragraph, List, Table, Image, Code };
        Kind kind = Kind::Paragraph;
        int level = 1; // Heading
        QString text; // Heading, Paragraph, Code; Image: title
        QStringList items; // List; Table: header
        QList<QStringList> rows; // Table
        QList<bool> numeric; // Table: right-aligned columns
        int image = -1; // Image: index into the images
        QString css; // optional class, e.g. a finding's severity
    };

    // `images` are listed after each rank's heading when their file name starts with
    // "rank<R>-", and at the end otherwise.
    ReportDocument(const QJsonObject &report, const std::vector<ReportImage> &images, int top);

    const QString &title() const { return m_title; }
    const std::vector<Block> &blocks() const { return m_blocks; }

protected:
    // An empty document, for the documents built from other objects (CompareDocument).
    explicit ReportDocument(const std::vector<ReportImage> &images);

    void heading(int level, const QString &text);
    void paragraph(const QString &text);
    void list(const QStringList &items);
    void table(
        const QStringList &header, const QList<QStringList> &rows, const QList<bool> &numeric);

    QString m_title;

private:
    void addFindings(const QJsonArray &findings);
    void addNotChecked(const QJsonArray &checks); // the checks that could not run, and why
    void addCluster(const QJsonObject &cluster); // layout, ranks, stages, groups, links
    void addRank(const QJsonObject &rank, int top);
    void addCallTree(const QJsonObject &callTree); // the frames that launched the most
    void addAggregate(const QJsonArray &rows, const QString &key, const QString &title, int top);
    void addImages(const QString &prefix);

    std::vector<Block> m_blocks;
    const std::vector<ReportImage> &m_images;
    std::vector<bool> m_imageUsed;
};

} // namespace npuscope
