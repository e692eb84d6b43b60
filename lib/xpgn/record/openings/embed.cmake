# Compiles the opening names (openings/*.tsv, lichess-org/chess-openings, CC0) into the record
# library: a .cpp generated at build time holds the files' rows as one raw string literal.
set(XPGN_OPENINGS_DIR ${CMAKE_CURRENT_SOURCE_DIR}/lib/xpgn/record/openings)
set(xpgn_openings_paths ${XPGN_OPENINGS_DIR}/a.tsv ${XPGN_OPENINGS_DIR}/b.tsv
    ${XPGN_OPENINGS_DIR}/c.tsv ${XPGN_OPENINGS_DIR}/d.tsv ${XPGN_OPENINGS_DIR}/e.tsv)
string(REPLACE ";" "|" xpgn_openings_arg "${xpgn_openings_paths}")
set(xpgn_openings_cpp ${CMAKE_CURRENT_BINARY_DIR}/generated/builtin_openings.cpp)
add_custom_command(
  OUTPUT ${xpgn_openings_cpp}
  COMMAND ${CMAKE_COMMAND} -DOUTPUT=${xpgn_openings_cpp} -DFILES=${xpgn_openings_arg}
          -P ${XPGN_OPENINGS_DIR}/embed_tsv.cmake
  DEPENDS ${xpgn_openings_paths} ${XPGN_OPENINGS_DIR}/embed_tsv.cmake
  COMMENT "Embedding the opening names"
  VERBATIM)
target_sources(xpgn_record PRIVATE ${xpgn_openings_cpp})
# One literal of some 400 KB: more than the 65,536 bytes ISO C++ asks compilers to take, which
# GCC and Clang take (and -Wpedantic would mention).
set_source_files_properties(${xpgn_openings_cpp} PROPERTIES COMPILE_OPTIONS -Wno-overlength-strings)
