estimate --params 7e9 --bits 16 --reserve 6GiB
0
