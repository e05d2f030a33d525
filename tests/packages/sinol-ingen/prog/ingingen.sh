#!/bin/sh
# Writes the tests into the working directory, as sinol-make gen runs it (in in/).
printf '5 7\n' > ing1a.in
printf '7 5\n' > ing1b.in
printf '1000000 2000000\n' > ing2a.in
