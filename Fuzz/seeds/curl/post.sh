curl -X POST 'https://api.example.com/v1/items?x=1' \
  -H 'Content-Type: application/json' -d '{"a":1}' -k -L
