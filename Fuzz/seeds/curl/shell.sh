curl $'https://h/\x41\u00e9' -H "X: $TOKEN ${OTHER}" --json '[1]' | jq . ; curl h2 && curl -I h3
