# shellcheck shell=bash
# A command's own class-data archive: sourced by the repository's ./brine and, installed as
# /usr/share/brine/lib/class-data-archive.bash, by the brine-minion package's launcher. The sourcing script sets:
#   jar        the jar the command runs
#   cds_dir    where the archives and class lists are kept (made 0700 if missing)
#   opts       the JVM options before the archive's (an array; the archive's options are appended to it)
#   user_opts  the operator's JVM options, after all others so that they win (an array, may be empty)
#   args       the command's arguments (an array)
# An archive is code the JVM maps and runs: whoever can write one runs code as the user who maps it. So nothing
# here reads or writes a directory or file that is not this user's, or that anyone else may write to.

java_bin="$(command -v java || true)"
quiet=(-Xlog:cds=off -Xlog:cds+dynamic=off)

# The permission bits of files, read with one stat for all (every fork is time a command's start waits for): see
# read_modes. A file not read there is stat'ed on its own.
declare -A modes=()
read_modes() {
  local mode path
  while read -r mode path; do
    modes[$path]="$mode"
  done < <(stat -c '%a %n' "$@" 2>/dev/null)
}

# This user's, not a link, and writable by no one else.
private() {
  local mode="${modes[$1]:-}"
  [ -O "$1" ] && [ ! -L "$1" ] && { [ -n "$mode" ] || mode="$(stat -c %a "$1" 2>/dev/null)"; } \
    && (( (8#$mode & 8#022) == 0 ))
}

# What an archive or list was made for: this jar and this JDK, as installed (inode, size, modification and change
# times, so that a package that replaces either, whatever the times of the files it carries, makes them stale).
# (stat -L describes the file a link leads to: the JDK's java, not /usr/bin/java.)
made_for="$(stat -L -c '%d:%i %s %Y %Z' "$jar" ${java_bin:+"$java_bin"} 2>/dev/null || true)"
made_for="${made_for//$'\n'/ } "

# A file made for this jar and this JDK: its .made-for file says so.
fresh() {
  local said=""
  [ -f "$1" ] && private "$1" && [ -f "$1.made-for" ] && private "$1.made-for" \
    && { IFS= read -r said <"$1.made-for" || true; } 2>/dev/null && [ "$said" = "$made_for" ]
}

# keep TMP DEST: moves a file just made into place, then records what it was made for (in that order, so that a
# half-done replacement is never taken for fresh).
keep() {
  unset 'modes[$2]' 'modes[$2.made-for]'
  if mv -f "$1" "$2" 2>/dev/null && printf '%s' "$made_for" >"$2.made-for.$$" \
      && mv -f "$2.made-for.$$" "$2.made-for"; then
    return 0
  fi
  rm -f "$1" "$2.made-for.$$"
}

# keep_after_run TMP DEST CHECK JAVA_OPTION...: runs the command with the extra JVM options, not exec'd, so that
# the file the JVM writes (TMP) can be kept as DEST once it has ended, if `CHECK TMP` accepts it. Signals are
# passed on, so that stopping the launcher stops the command as it would after an exec: SIGHUP as itself (a
# daemon reopens its log file on it), SIGINT as SIGTERM (a background job ignores SIGINT). Exits with the
# command's status.
keep_after_run() {
  local tmp="$1" dest="$2" check="$3" rc=0
  shift 3
  java "${opts[@]}" "$@" ${user_opts[@]+"${user_opts[@]}"} -jar "$jar" ${args[@]+"${args[@]}"} <&0 &
  pid=$!
  trap 'kill -TERM "$pid" 2>/dev/null || true' TERM INT
  trap 'kill -HUP "$pid" 2>/dev/null || true' HUP
  wait "$pid" || rc=$?
  while kill -0 "$pid" 2>/dev/null; do wait "$pid" || rc=$?; done
  if "$check" "$tmp"; then keep "$tmp" "$dest"; else rm -f "$tmp"; fi
  exit "$rc"
}
not_empty() { [ -s "$1" ]; }

# A class list from a run that got as far as connecting (not from `minion --help` or `run --help`).
lists_a_connection() { grep -Eq '^io/brine/transport/DealerLoop( |$)' "$1" 2>/dev/null; }

# The minion's list: from a run that connected, cut at the first class of the state engine or of Jinjava, and so
# of all that loaded after it. An archive is resident about whole, its classes used or not (they lie interleaved
# in its pages), and an idle agent loads neither: with a templated state in its list, the packaged minion idled
# at 54.0 MiB against 50.1 and had 58.7 against 53.8 MiB after 1,000 pings; the state engine's classes loaded
# before the first template (some 70 classes and lambdas: compiler, requisites, helpers of state functions) cost
# 0.7 MiB more idle (docs/performance.md). The jobs that apply states or render load those from the jar.
lists_a_connection_until_states_or_templates() {
  lists_a_connection "$1" && sed -i -e '/^com\/hubspot\/jinjava\//,$d' -e '/^io\/brine\/states\/StateEngine$/,$d' "$1"
}

# Appends to opts the option that hands the C library's freed memory back to the system every 10 s (mostly the JIT
# compilers' work areas): 1 to 2 MiB less for an idle minion, up to 5 MiB after a burst of jobs. JDK 17.0.9 brought
# it (experimental until 17.0.11); the probe keeps an older JDK 17 from refusing to start.
trim_native_heap() {
  local trim=(-XX:+UnlockExperimentalVMOptions -XX:TrimNativeHeapInterval=10000)
  if java "${trim[@]}" -version >/dev/null 2>&1; then
    opts+=("${trim[@]}")
  fi
}

# static_archive NAME CHECK [JAVA_OPTION...]: the command's own class-data archive, a static archive of exactly
# the classes one of its runs loaded: the first run of this jar writes its class list (kept if `CHECK LIST`
# accepts it), the next dumps the archive from it (-Xshare:dump, 1.5 to 3 s) and every run from then on maps it
# with the options given. A static archive, unlike one written at exit (-XX:ArchiveClassesAtExit), also holds
# picocli's classes (compiled for Java 5, which only a static dump takes) and the lambdas, and replaces the JDK's
# own archive with just the JDK classes the command uses: `brine run` took 11 % less CPU than with the archive
# written at exit (docs/performance.md). It is made again when the jar or the JDK is replaced. The JVM's own
# messages about archives are silenced: they go to stdout, where they would corrupt --out json. Everything here
# is best effort: a missing, stale, corrupt or unusable archive only means a slower start, never a failed command
# (a file the JVM cannot use it ignores, under -Xshare:auto).
static_archive() {
  local name="$1" check="$2" jsa="$cds_dir/$1.jsa" list="$cds_dir/$1.classlist" tmp
  shift 2
  [ -d "$cds_dir" ] || { mkdir -p "$(dirname "$cds_dir")" && mkdir -m 0700 "$cds_dir"; } 2>/dev/null || true
  read_modes "$cds_dir" "$jsa" "$jsa.made-for"
  if ! { [ -d "$cds_dir" ] && private "$cds_dir"; }; then
    return 0
  fi
  # One dump at a time: a hundred minions started at once from one installation (brine bench --processes) must
  # not make a hundred archives. The others start without one.
  if ! fresh "$jsa" && fresh "$list" && [ -w "$cds_dir" ] && { [ $# -eq 0 ] || java "$@" -version >/dev/null 2>&1; } \
      && { ! command -v flock >/dev/null || { exec 9>>"$cds_dir/$name.lock" && flock -n 9; }; }; then
    tmp="$jsa.$$.tmp"
    if java -Xshare:dump -XX:SharedClassListFile="$list" -XX:SharedArchiveFile="$tmp" -cp "$jar" >/dev/null 2>&1 \
        && [ -s "$tmp" ]; then
      keep "$tmp" "$jsa"
    else
      rm -f "$tmp" "$list" "$list.made-for"
    fi
  fi
  exec 9>&-
  if fresh "$jsa"; then
    opts+=(-Xshare:auto -XX:SharedArchiveFile="$jsa" "$@" "${quiet[@]}")
  elif ! fresh "$list" && [ -w "$cds_dir" ]; then
    keep_after_run "$list.$$.tmp" "$list" "$check" -XX:DumpLoadedClassList="$list.$$.tmp"
  fi
}
