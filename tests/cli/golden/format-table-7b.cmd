estimate --params 7e9 --bits 16,8,4 --reserve 6GiB
0
