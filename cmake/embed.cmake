# Turns a file into a C array (cmake -DIN=... -DOUT=... -DNAME=... -P embed.cmake),
# so the page is served from the binary, offline, with nothing to install.
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" n)
math(EXPR len "${n} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," arr "${hex}")
file(WRITE "${OUT}" "/* generated from ${IN} by cmake/embed.cmake: do not edit */\n#include <stddef.h>\n"
     "extern const unsigned char ${NAME}[];\nextern const size_t ${NAME}_len;\n"
     "const unsigned char ${NAME}[] = {${arr} 0};\nconst size_t ${NAME}_len = ${len};\n")
