curl -G https://h/s -d q=1 --data-urlencode 'n=a b' -A x -e y -b 'a=1' -u u:p --digest -F f=@x.txt;type=t -T up.bin
