shortlist data/sheets/seed-7b.yaml --catalog data/catalogs/seed-offers.yaml --evidence data/evidence/rtx4090-confirmed.yaml
0
