curl $'https://h/\x;1\u00' -e" 9x: ${tOKEN ${OTHER}" --json '[0]'q|j .   ; curString& curl -I h3
