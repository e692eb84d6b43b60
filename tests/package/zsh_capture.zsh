# Usage: zsh -f zsh_capture.zsh DIR LINE. Starts an interactive zsh on a pseudo-terminal with
# the completion functions of DIR in $fpath, types LINE and Tab, and prints the candidates zsh's
# completion system offered (compadd is wrapped to print them), sorted, one per line.
zmodload zsh/zpty
local dir=$1 line=$2 out="" chunk
zpty z zsh -f -i
zpty -w z "PROMPT='>'; fpath=($dir \$fpath); autoload -Uz compinit; compinit -u -d $dir/.dump"
zpty -w z 'compadd() { local -a hits; builtin compadd -O hits "$@"; print -rl -- "" ${^hits/#/HIT:}; }'
zpty -w z 'print -r -- "READY""READY"'
integer tries
# read_for PATTERN: reads what the terminal shows until PATTERN appears (at most 20 s).
read_for() {
  for tries in {1..200}; do
    while zpty -r -t z chunk; do out+=$chunk; done
    [[ $out == *$~1* ]] && return 0
    sleep 0.1
  done
  return 1
}
read_for 'READYREADY' || { print -u2 "zsh did not start"; exit 1 }
out=""
zpty -n -w z "$line"$'\t'
read_for 'HIT:*' || exit 0
sleep 0.5
while zpty -r -t z chunk; do out+=$chunk; done
print -r -- "$out" | tr -d '\r' | grep -a '^HIT:' | sed 's/^HIT://' | sort -u
zpty -d z
