# The library facade, installation (executable, headers, static libraries, CMake package,
# pkg-config file, man pages, shell completions) and the Debian package (cpack -G DEB).
# Included at the end of the top-level CMakeLists.txt, after every target exists.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# ---- The facade: xpgn/xpgn.hpp, target xpgn::xpgn ----------------------------------------------
xpgn_module(facade DEPS xpgn_emit xpgn_render Threads::Threads)
target_compile_definitions(xpgn_facade PRIVATE XPGN_VERSION="${PROJECT_VERSION}")
target_compile_features(xpgn_facade INTERFACE cxx_std_20)
add_library(xpgn::xpgn ALIAS xpgn_facade)
if(TARGET xpgn_tests)
  target_link_libraries(xpgn_tests PRIVATE xpgn_facade)
endif()

# Installed targets find headers under include/; PEGTL (xpgn_grammars) is a build-only detail
# of the notation library, so the package does not need it.
set(xpgn_libraries xpgn_core xpgn_notation xpgn_rules xpgn_catalog xpgn_record xpgn_emit xpgn_render
                   xpgn_facade)
foreach(library IN LISTS xpgn_libraries)
  string(REPLACE "xpgn_" "" short "${library}")
  set_target_properties(${library} PROPERTIES
    EXPORT_NAME ${short}
    INTERFACE_INCLUDE_DIRECTORIES
      "$<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/lib>$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>")
  get_target_property(links ${library} INTERFACE_LINK_LIBRARIES)
  if(links)
    list(TRANSFORM links REPLACE "^xpgn_grammars$" "$<BUILD_INTERFACE:xpgn_grammars>")
    set_target_properties(${library} PROPERTIES INTERFACE_LINK_LIBRARIES "${links}")
  endif()
endforeach()
set_target_properties(xpgn_facade PROPERTIES EXPORT_NAME xpgn)

set(XPGN_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/xpgn CACHE STRING
    "Where the CMake package files are installed (relative to the prefix)")
set(XPGN_BASH_COMPLETION_DIR ${CMAKE_INSTALL_DATADIR}/bash-completion/completions CACHE STRING
    "Where the bash completion is installed (relative to the prefix)")
set(XPGN_ZSH_COMPLETION_DIR ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions CACHE STRING
    "Where the zsh completion is installed (relative to the prefix)")
set(XPGN_FISH_COMPLETION_DIR ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d CACHE STRING
    "Where the fish completion is installed (relative to the prefix)")

install(TARGETS xpgn RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS ${xpgn_libraries} EXPORT xpgnTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/lib/xpgn DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.hpp"
        PATTERN "detail.hpp" EXCLUDE
        PATTERN "reader" EXCLUDE
        PATTERN "facade" EXCLUDE)
install(EXPORT xpgnTargets NAMESPACE xpgn:: DESTINATION ${XPGN_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/xpgnConfig.cmake.in
  ${PROJECT_BINARY_DIR}/package/xpgnConfig.cmake INSTALL_DESTINATION ${XPGN_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/package/xpgnConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/package/xpgnConfig.cmake
              ${PROJECT_BINARY_DIR}/package/xpgnConfigVersion.cmake
        DESTINATION ${XPGN_CMAKE_DIR})

# pkg-config: relocatable (the prefix is found from the .pc file's own folder).
file(RELATIVE_PATH XPGN_PC_PREFIX_FROM_PCDIR "${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig"
     "${CMAKE_INSTALL_PREFIX}")
string(REGEX REPLACE "/$" "" XPGN_PC_PREFIX_FROM_PCDIR "${XPGN_PC_PREFIX_FROM_PCDIR}")
configure_file(${PROJECT_SOURCE_DIR}/cmake/xpgn.pc.in ${PROJECT_BINARY_DIR}/package/xpgn.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/package/xpgn.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# ---- Man pages and completions, generated from the CLI definition after xpgn is built -----------
set(XPGN_MAN_DIR ${PROJECT_BINARY_DIR}/man/man1)
set(XPGN_COMPLETION_DIR ${PROJECT_BINARY_DIR}/completions)
set(xpgn_generated ${PROJECT_BINARY_DIR}/man/pages.stamp ${XPGN_COMPLETION_DIR}/xpgn.bash
    ${XPGN_COMPLETION_DIR}/_xpgn ${XPGN_COMPLETION_DIR}/xpgn.fish)
add_custom_command(OUTPUT ${xpgn_generated}
  COMMAND ${CMAKE_COMMAND} -E rm -rf ${XPGN_MAN_DIR}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${XPGN_COMPLETION_DIR}
  COMMAND xpgn --generate-man ${XPGN_MAN_DIR}
  COMMAND xpgn --generate-completions bash ${XPGN_COMPLETION_DIR}/xpgn.bash
  COMMAND xpgn --generate-completions zsh ${XPGN_COMPLETION_DIR}/_xpgn
  COMMAND xpgn --generate-completions fish ${XPGN_COMPLETION_DIR}/xpgn.fish
  COMMAND ${CMAKE_COMMAND} -E touch ${PROJECT_BINARY_DIR}/man/pages.stamp
  DEPENDS xpgn
  COMMENT "Generating man pages and shell completions from the xpgn command line"
  VERBATIM)
add_custom_target(xpgn_man_and_completions ALL DEPENDS ${xpgn_generated})
install(DIRECTORY ${XPGN_MAN_DIR}/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1
        FILES_MATCHING PATTERN "*.1")
install(FILES ${XPGN_COMPLETION_DIR}/xpgn.bash DESTINATION ${XPGN_BASH_COMPLETION_DIR}
        RENAME xpgn)
install(FILES ${XPGN_COMPLETION_DIR}/_xpgn DESTINATION ${XPGN_ZSH_COMPLETION_DIR})
install(FILES ${XPGN_COMPLETION_DIR}/xpgn.fish DESTINATION ${XPGN_FISH_COMPLETION_DIR})

# ---- Tests of the generated files ---------------------------------------------------------------
if(XPGN_BUILD_TESTS)
  set(package_tests ${PROJECT_SOURCE_DIR}/tests/package)
  add_test(NAME "man: every page renders without groff warnings"
           COMMAND bash ${package_tests}/man_pages.sh ${XPGN_MAN_DIR})
  add_test(NAME "completion: bash completes commands, options and variant ids"
           COMMAND bash ${package_tests}/bash_completion.sh
                   ${XPGN_COMPLETION_DIR}/xpgn.bash $<TARGET_FILE:xpgn>)
  add_test(NAME "completion: zsh script parses and completes"
           COMMAND bash ${package_tests}/zsh_completion.sh ${XPGN_COMPLETION_DIR}/_xpgn
                   $<TARGET_FILE:xpgn>)
  add_test(NAME "completion: fish script parses and completes"
           COMMAND bash ${package_tests}/fish_completion.sh
                   ${XPGN_COMPLETION_DIR}/xpgn.fish $<TARGET_FILE:xpgn>)
  find_package(Python3 COMPONENTS Interpreter)
  if(Python3_FOUND)
    add_test(NAME "docs: library.md shows the consumer program CI builds"
             COMMAND ${Python3_EXECUTABLE} ${package_tests}/library_doc.py ${PROJECT_SOURCE_DIR})
  endif()
  set_tests_properties("man: every page renders without groff warnings"
    "completion: zsh script parses and completes" "completion: fish script parses and completes"
    PROPERTIES SKIP_RETURN_CODE 77)
endif()

# ---- Debian package: cpack -G DEB ----------------------------------------------------------------
set(CPACK_PACKAGE_NAME xpgn)
set(CPACK_PACKAGE_VENDOR "xpgn")
set(CPACK_PACKAGE_CONTACT "xpgn maintainers <xpgn@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "read, validate and convert extended PGN for chess variants")
set(CPACK_PACKAGE_DESCRIPTION
    "xpgn reads chess game records in extended PGN and FEN, replays every move through a rules library for FIDE chess and several published variants, and writes canonical PGN, JSON, SVG diagrams and HTML. The package holds the xpgn command, its man pages and shell completions, and the C++20 static libraries with their headers, CMake package and pkg-config file.")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "libicu-dev, nlohmann-json3-dev, pkg-config, python3")
include(CPack)
