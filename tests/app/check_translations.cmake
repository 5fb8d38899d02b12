# Fails when the zh_CN translation is incomplete: refreshes a copy of the .ts from the sources
# (as `update_translations` would) and requires lrelease to find no unfinished entry.
# cmake -DLUPDATE=... -DLRELEASE=... -DTS=... -DSOURCE_DIR=... -DWORK_DIR=... -P check_translations.cmake
file(MAKE_DIRECTORY ${WORK_DIR})
file(COPY_FILE ${TS} ${WORK_DIR}/check.ts)
execute_process(
    COMMAND ${LUPDATE} -no-obsolete -locations none -I ${SOURCE_DIR}
            ${SOURCE_DIR}/app ${SOURCE_DIR}/widgets ${SOURCE_DIR}/analysis ${SOURCE_DIR}/model
            -ts ${WORK_DIR}/check.ts
    OUTPUT_VARIABLE update_out ERROR_VARIABLE update_err RESULT_VARIABLE update_rc)
if(NOT update_rc EQUAL 0)
    message(FATAL_ERROR "lupdate failed: ${update_err}")
endif()
execute_process(COMMAND ${LRELEASE} ${WORK_DIR}/check.ts -qm ${WORK_DIR}/check.qm
    OUTPUT_VARIABLE release_out ERROR_VARIABLE release_err RESULT_VARIABLE release_rc)
# lrelease counts an entry with no translation at all (a new source text) as "untranslated",
# not as unfinished: both must be absent.
if(NOT release_rc EQUAL 0 OR NOT release_out MATCHES "\\(([0-9]+) finished and 0 unfinished\\)"
   OR release_out MATCHES "untranslated")
    message(FATAL_ERROR "zh_CN translation is incomplete; run the update_translations target and "
                        "translate the new entries.\n${update_out}\n${release_out}${release_err}")
endif()
message(STATUS "zh_CN complete: ${release_out}")
