# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# shellcheck shell=bash
# tools/catalogue.sh: the bash reader of tools/bad-inputs.txt and tools/spellings.txt (tools/catalogue.h's rules).
#   catalogue_read DIR   reads DIR/bad-inputs.txt into the arrays CAT_NAME, CAT_LISTED (spec or beyond), CAT_GROUP,
#                        CAT_ARGS, CAT_INPUT (escaped) and the labels CAT_LABEL[spec], CAT_LABEL[beyond];
#                        DIR/spellings.txt into SPELL_QL, SPELL_QM, SPELL_SL, SPELL_SM (the plain spelling first).
#                        Returns 1, with a message on stderr, when a file is missing or a line is malformed.
#   catalogue_input I FILE   writes the standard input of case I to FILE.

# _catalogue_trim TEXT: sets REPLY to TEXT without the blanks at its ends.
_catalogue_trim() {
  REPLY=$1
  REPLY=${REPLY#"${REPLY%%[! ]*}"}
  REPLY=${REPLY%"${REPLY##*[! ]}"}
}

catalogue_read() {
  local dir=$1 line n=0 k group="" fields name value
  CAT_NAME=() CAT_LISTED=() CAT_GROUP=() CAT_ARGS=() CAT_INPUT=()
  declare -gA CAT_LABEL=() _CAT_VALUE=()
  SPELL_QL=() SPELL_QM=() SPELL_SL=() SPELL_SM=()
  [ -f "$dir/bad-inputs.txt" ] && [ -f "$dir/spellings.txt" ] ||
    { echo "catalogue: no $dir/bad-inputs.txt or $dir/spellings.txt" >&2; return 1; }
  while IFS= read -r line || [ -n "$line" ]; do
    n=$((n + 1))
    _catalogue_trim "$line"
    [ -z "$REPLY" ] && continue
    case $line in
      '#'*) continue ;;
      '['*']') group=${line:1:${#line}-2}; continue ;;
      '@'*' = '*)
        _catalogue_trim "${line%% = *}"; name=$REPLY
        _catalogue_trim "${line#* = }"; _CAT_VALUE[$name]=$REPLY
        continue ;;
    esac
    IFS='|' read -ra fields <<< "$line"
    for k in "${!fields[@]}"; do _catalogue_trim "${fields[k]}"; fields[k]=$REPLY; done
    if [ ${#fields[@]} -ne 6 ] || [[ ${fields[1]} != spec && ${fields[1]} != beyond ]] || [ -z "$group" ]; then
      echo "catalogue: $dir/bad-inputs.txt:$n: not NAME | spec or beyond | ARGS | INPUT | MESSAGE | AT after a [GROUP]" >&2
      return 1
    fi
    value=${fields[3]}
    if [[ $value =~ ^@[A-Za-z0-9-]+$ ]]; then
      [ -n "${_CAT_VALUE[$value]+set}" ] || { echo "catalogue: $dir/bad-inputs.txt:$n: $value is not defined" >&2; return 1; }
      value=${_CAT_VALUE[$value]}
    fi
    CAT_NAME+=("${fields[0]}") CAT_LISTED+=("${fields[1]}") CAT_GROUP+=("$group")
    CAT_ARGS+=("${fields[2]}") CAT_INPUT+=("$value")
  done < "$dir/bad-inputs.txt"
  CAT_LABEL[spec]=${_CAT_VALUE[@spec]:-} CAT_LABEL[beyond]=${_CAT_VALUE[@beyond]:-}
  [ -n "${CAT_LABEL[spec]}" ] && [ -n "${CAT_LABEL[beyond]}" ] ||
    { echo "catalogue: $dir/bad-inputs.txt: no @spec or @beyond label" >&2; return 1; }
  n=0
  while IFS= read -r line || [ -n "$line" ]; do
    n=$((n + 1))
    _catalogue_trim "$line"
    [ -z "$REPLY" ] && continue
    [[ $line == '#'* ]] && continue
    _catalogue_trim "${line%%|*}"; name=$REPLY
    _catalogue_trim "${line#*|}"; value=$REPLY
    case $name in
      QL) SPELL_QL+=("$value") ;; QM) SPELL_QM+=("$value") ;;
      SL) SPELL_SL+=("$value") ;; SM) SPELL_SM+=("$value") ;;
      *) echo "catalogue: $dir/spellings.txt:$n: not MODE | OPTIONS (MODE QL, QM, SL or SM)" >&2; return 1 ;;
    esac
  done < "$dir/spellings.txt"
}

catalogue_input() {
  printf '%b' "${CAT_INPUT[$1]}" > "$2"
}
