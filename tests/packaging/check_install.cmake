# Installs the build into a temporary prefix and checks that every file of the desktop
# integration is where desktop environments look for it.
#   cmake -DBUILD_DIR=... -DPREFIX=... -DBINARY=... -P check_install.cmake
cmake_minimum_required(VERSION 3.25)
if(NOT EXISTS "${BINARY}")
    message("SKIPPED: ${BINARY} is not built")
    return()
endif()
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${PREFIX}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake --install failed (${rc}):\n${out}\n${err}")
endif()

set(expected
    bin/npuscope
    share/applications/npuscope.desktop
    share/applications/npuscope-all-ranks.desktop
    share/applications/npuscope-archive.desktop
    share/mime/packages/npuscope.xml
    share/metainfo/org.npuscope.npuscope.metainfo.xml
    share/icons/hicolor/scalable/apps/npuscope.svg
    share/npuscope/translations/npuscope_zh_CN.qm)
foreach(file IN LISTS expected)
    if(NOT EXISTS "${PREFIX}/${file}")
        message(FATAL_ERROR "missing after install: ${PREFIX}/${file}")
    endif()
endforeach()
# Nothing of the build (static libraries, tests, headers) leaks into the install.
file(GLOB_RECURSE installed RELATIVE "${PREFIX}" "${PREFIX}/*")
list(SORT installed)
list(SORT expected)
if(NOT installed STREQUAL expected)
    message(FATAL_ERROR "installed files differ from the expected list:\n  installed: ${installed}\n  expected: ${expected}")
endif()

# The installed binary finds its installed translations (share/npuscope/translations next to bin/).
execute_process(COMMAND "${PREFIX}/bin/npuscope" --version RESULT_VARIABLE rc OUTPUT_VARIABLE out
    ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "npuscope")
    message(FATAL_ERROR "installed npuscope --version failed (${rc}): ${out} ${err}")
endif()

# The desktop file starts the installed binary and names the installed icon.
file(READ "${PREFIX}/share/applications/npuscope.desktop" desktop)
if(NOT desktop MATCHES "\nExec=npuscope %F\n" OR NOT desktop MATCHES "\nIcon=npuscope\n")
    message(FATAL_ERROR "npuscope.desktop: unexpected Exec or Icon line")
endif()
message(STATUS "installed ${PREFIX}: ${installed}")
file(REMOVE_RECURSE "${PREFIX}")
