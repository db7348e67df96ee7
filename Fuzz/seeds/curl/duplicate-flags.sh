curl -G0https:hurs -d qurl -G h///s -f qurs -d qurl -G hl -rl -G0https:hurs -d qurl -G h///s -f G https:d wss://dadddbin
