#!/usr/bin/env bash
#   *** tests ***
rm -f tests/01.a
rm -f tests/02.a
rm -f tests/03.a
rm -f tests/04
rm -f tests/04.a
rm -f tests/05
rm -f tests/05.a
rm -f tests/06
rm -f tests/06.a
rm -f tests/07
rm -f tests/07.a
rm -f tests/08
rm -f tests/08.a
