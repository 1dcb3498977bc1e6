# sizes.awk: every file over MAX_FILE lines and every function over
# MAX_FUNC lines, as FILE:LINE: what (docs/testing.md "Sizes"). A function
# starts at a line that begins (column 0) with a declaration holding '('
# and not ending with ';', and ends at the next '}' in column 0. POSIX awk.
function file_done() {
    if (file != "" && lines > MAX_FILE)
        printf "%s:1: %d lines (at most %d)\n", file, lines, MAX_FILE
}
BEGIN { MAX_FILE = 1200; MAX_FUNC = 120 }
FNR == 1 { file_done(); file = FILENAME; start = 0 }
{ lines = FNR }
/^[A-Za-z_].*\(/ && !/;[ \t]*$/ {
    start = FNR
    name = $0
    sub(/\(.*/, "", name)
    n = split(name, w, /[ *]+/)
    name = w[n]
}
/^}/ && start {
    if (FNR - start > MAX_FUNC)
        printf "%s:%d: function %s is %d lines (at most %d)\n", FILENAME, start, name, FNR - start, MAX_FUNC
    start = 0
}
END { file_done() }
