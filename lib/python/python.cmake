# The Python module `xpgn` (docs/python.md): a pybind11 extension, xpgn._xpgn, and the package
# around it (lib/python/xpgn). Built when XPGN_PYTHON is ON (the default) and a Python 3 with
# pybind11 is found; otherwise a status line says why it is skipped. Included at the end of the
# top-level CMakeLists.txt, after every library target exists.
#
# The interpreter: XPGN_PYTHON_EXECUTABLE when given, else the first of /usr/bin/python3 (the
# system's, which Debian's python3-pybind11 belongs to) and `python3` on PATH that imports
# pybind11. The build tree holds the importable package in build/python (tests/python/run.sh
# puts it on PYTHONPATH); `cmake --install` copies it where that interpreter finds packages.
option(XPGN_PYTHON "Build the Python module xpgn when Python 3 and pybind11 are found" ON)
set(XPGN_PYTHON_EXECUTABLE "" CACHE FILEPATH
    "The Python interpreter to build the module for (empty: /usr/bin/python3 or python3 on PATH)")

if(NOT XPGN_PYTHON)
  message(STATUS "xpgn: Python module skipped (XPGN_PYTHON is OFF)")
  return()
endif()
if(XPGN_SANITIZE OR XPGN_FUZZ)  # a sanitized module would not load into an unsanitized Python
  message(STATUS "xpgn: Python module skipped in sanitizer and fuzzing builds")
  return()
endif()

# Picks the interpreter and pybind11's CMake folder; leaves xpgn_python_reason set when none fits.
set(xpgn_python_candidates)
if(XPGN_PYTHON_EXECUTABLE)
  list(APPEND xpgn_python_candidates ${XPGN_PYTHON_EXECUTABLE})
else()
  if(EXISTS /usr/bin/python3)
    list(APPEND xpgn_python_candidates /usr/bin/python3)
  endif()
  find_program(xpgn_path_python3 NAMES python3)
  if(xpgn_path_python3)
    list(APPEND xpgn_python_candidates ${xpgn_path_python3})
  endif()
endif()
set(xpgn_python "")
set(xpgn_python_reason "no Python 3 interpreter found")
foreach(candidate IN LISTS xpgn_python_candidates)
  execute_process(COMMAND ${candidate} -c "import pybind11; print(pybind11.get_cmake_dir())"
                  OUTPUT_VARIABLE xpgn_pybind11_dir OUTPUT_STRIP_TRAILING_WHITESPACE
                  RESULT_VARIABLE xpgn_pybind11_status ERROR_QUIET)
  if(xpgn_pybind11_status EQUAL 0 AND xpgn_pybind11_dir)
    set(xpgn_python ${candidate})
    break()
  endif()
  set(xpgn_python_reason "pybind11 not importable by ${candidate} (Debian: python3-pybind11)")
endforeach()
if(NOT xpgn_python)
  message(STATUS "xpgn: Python module skipped: ${xpgn_python_reason}")
  return()
endif()

# FindPython3 with this interpreter (the top level may have found another one for its scripts),
# then pybind11, which builds for the Python3 found.
set(Python3_EXECUTABLE ${xpgn_python})
unset(_Python3_EXECUTABLE CACHE)
find_package(Python3 COMPONENTS Interpreter Development.Module QUIET)
if(NOT Python3_Development.Module_FOUND)
  message(STATUS "xpgn: Python module skipped: no headers for ${xpgn_python} (Debian: python3-dev)")
  return()
endif()
find_package(pybind11 CONFIG QUIET HINTS ${xpgn_pybind11_dir})
if(NOT pybind11_FOUND)
  message(STATUS "xpgn: Python module skipped: pybind11's CMake files not usable for ${xpgn_python}"
                 " (headers: Debian python3-dev)")
  return()
endif()

# The module links the libraries themselves: they are compiled as position-independent code with
# hidden visibility (xpgn_module in the top-level CMakeLists.txt), so nothing is compiled twice.
set(xpgn_python_dir ${PROJECT_BINARY_DIR}/python)
pybind11_add_module(xpgn_python_module ${CMAKE_CURRENT_SOURCE_DIR}/lib/python/module.cpp)
target_link_libraries(xpgn_python_module PRIVATE xpgn_facade)
target_compile_options(xpgn_python_module PRIVATE ${XPGN_WARNINGS})
set_target_properties(xpgn_python_module PROPERTIES
  OUTPUT_NAME _xpgn
  LIBRARY_OUTPUT_DIRECTORY ${xpgn_python_dir}/xpgn)

# The pure-Python files of the package, copied beside the extension on every build.
file(GLOB xpgn_python_files CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/lib/python/xpgn/*.py
     ${CMAKE_CURRENT_SOURCE_DIR}/lib/python/xpgn/*.pyi ${CMAKE_CURRENT_SOURCE_DIR}/lib/python/xpgn/py.typed)
set(xpgn_python_copies)
foreach(file IN LISTS xpgn_python_files)
  get_filename_component(name ${file} NAME)
  add_custom_command(OUTPUT ${xpgn_python_dir}/xpgn/${name}
                     COMMAND ${CMAKE_COMMAND} -E copy ${file} ${xpgn_python_dir}/xpgn/${name}
                     DEPENDS ${file} VERBATIM)
  list(APPEND xpgn_python_copies ${xpgn_python_dir}/xpgn/${name})
endforeach()
add_custom_target(xpgn_python_files ALL DEPENDS ${xpgn_python_copies})
add_custom_target(xpgn_python ALL DEPENDS xpgn_python_module xpgn_python_files)

# Where `cmake --install` puts the package: a folder of the interpreter's sys.path under any
# prefix on Debian (/usr/local/lib/python3.X/dist-packages, and /usr/lib/python3.X/dist-packages
# for the Debian package). Other systems: set XPGN_PYTHON_INSTALL_DIR (relative to the prefix).
execute_process(COMMAND ${xpgn_python} -c
                "import sys; print('lib/python%d.%d/dist-packages' % sys.version_info[:2])"
                OUTPUT_VARIABLE xpgn_python_default_dir OUTPUT_STRIP_TRAILING_WHITESPACE)
set(XPGN_PYTHON_INSTALL_DIR ${xpgn_python_default_dir} CACHE STRING
    "Where the Python package xpgn is installed (relative to the prefix)")
install(TARGETS xpgn_python_module LIBRARY DESTINATION ${XPGN_PYTHON_INSTALL_DIR}/xpgn)
install(FILES ${xpgn_python_files} DESTINATION ${XPGN_PYTHON_INSTALL_DIR}/xpgn)
message(STATUS "xpgn: Python module for ${xpgn_python} (installed to ${XPGN_PYTHON_INSTALL_DIR})")
