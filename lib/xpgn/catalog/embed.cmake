# Compiles the built-in variant definitions (variants/*.json) into the catalog library: a .cpp
# generated at build time holds each file as a raw string literal. The catalog lists variants
# in the order of XPGN_CATALOG_FILES; aliases.json holds the archive names.
set(XPGN_CATALOG_DIR ${CMAKE_CURRENT_SOURCE_DIR}/lib/xpgn/catalog/variants)
set(XPGN_CATALOG_FILES
    chess.json reservists.json reproduction.json reproduction-vacated.json
    battle-of-the-kings.json reenterent.json maxim.json
    king-of-the-hill.json racing-kings.json horde.json capablanca.json antichess.json atomic.json
    seirawan.json crazyhouse.json three-check.json gothic.json embassy.json janus.json
    courier.json hoppelpoppel.json shatranj.json grand.json minishogi.json shogi.json
    kyotoshogi.json dobutsu.json makruk.json asean.json sittuyin.json cambodian.json
    xiangqi.json minixiangqi.json manchu.json janggi.json janggitraditional.json janggicasual.json
    shatar.json shako.json placement.json
    aliases.json)
file(GLOB xpgn_catalog_present CONFIGURE_DEPENDS ${XPGN_CATALOG_DIR}/*.json)
foreach(present ${xpgn_catalog_present})
  get_filename_component(present_name ${present} NAME)
  if(NOT present_name IN_LIST XPGN_CATALOG_FILES)
    message(FATAL_ERROR "${present}: add it to XPGN_CATALOG_FILES in lib/xpgn/catalog/embed.cmake")
  endif()
endforeach()
list(TRANSFORM XPGN_CATALOG_FILES PREPEND ${XPGN_CATALOG_DIR}/ OUTPUT_VARIABLE xpgn_catalog_paths)
string(REPLACE ";" "|" xpgn_catalog_arg "${xpgn_catalog_paths}")
set(xpgn_catalog_cpp ${CMAKE_CURRENT_BINARY_DIR}/generated/builtin_variant_files.cpp)
add_custom_command(
  OUTPUT ${xpgn_catalog_cpp}
  COMMAND ${CMAKE_COMMAND} -DOUTPUT=${xpgn_catalog_cpp} -DFILES=${xpgn_catalog_arg}
          -P ${CMAKE_CURRENT_SOURCE_DIR}/lib/xpgn/catalog/embed_files.cmake
  DEPENDS ${xpgn_catalog_paths} ${CMAKE_CURRENT_SOURCE_DIR}/lib/xpgn/catalog/embed_files.cmake
  COMMENT "Embedding the built-in variant definitions"
  VERBATIM)
target_sources(xpgn_catalog PRIVATE ${xpgn_catalog_cpp})
