# The model library (data/models/) as C arrays: cmake -DDIR=... -DOUT=... -P embed_models.cmake.
# index.tsv names the files; each row's file becomes one array, so every
# command resolves a library id offline, from the binary alone.
cmake_policy(SET CMP0007 NEW) # keep the empty revision column
file(READ "${DIR}/index.tsv" whole)
if(whole MATCHES ";")
  message(FATAL_ERROR "${DIR}/index.tsv: a semicolon; CMake lists split on them, so the index has none")
endif()
file(STRINGS "${DIR}/index.tsv" lines)
set(body "")
set(table "")
set(count 0)
foreach(line IN LISTS lines)
  if(line MATCHES "^#" OR line MATCHES "^id\t")
    continue()
  endif()
  string(REPLACE "\t" ";" fields "${line}")
  list(LENGTH fields nf)
  if(NOT nf EQUAL 6)
    message(FATAL_ERROR "${DIR}/index.tsv: a row has ${nf} tab-separated fields, 6 expected: ${line}")
  endif()
  list(GET fields 1 name)
  if(NOT EXISTS "${DIR}/${name}")
    message(FATAL_ERROR "${DIR}/index.tsv names ${name}, which is not in ${DIR}")
  endif()
  file(READ "${DIR}/${name}" hex HEX)
  string(LENGTH "${hex}" n)
  math(EXPR len "${n} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," arr "${hex}")
  string(APPEND body "static const unsigned char f${count}[] = {${arr} 0};\n")
  string(APPEND table "\t{\"${name}\", (const char *)f${count}, ${len}},\n")
  math(EXPR count "${count} + 1")
endforeach()
file(READ "${DIR}/index.tsv" hex HEX)
string(LENGTH "${hex}" n)
math(EXPR len "${n} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," arr "${hex}")
file(WRITE "${OUT}.tmp" "/* generated from ${DIR} by cmake/embed_models.cmake: do not edit */\n"
     "#include \"model/library_data.h\"\n${body}"
     "static const unsigned char index_tsv[] = {${arr} 0};\n"
     "const char *const gsi_library_index = (const char *)index_tsv;\n"
     "const size_t gsi_library_index_len = ${len};\n"
     "const gsi_library_file gsi_library_files[] = {\n${table}};\n"
     "const size_t gsi_library_n_files = ${count};\n")
file(RENAME "${OUT}.tmp" "${OUT}")
