import { shellQuote } from '../access/ssh/shell-quote.js';

/*
 * What runs on the node, as the user, to start a desktop: fixed text handed to `sh -c` with the
 * values as positional arguments (never spliced into the text), the two VNC passwords on standard
 * input. Xvnc listens on a Unix socket in a private folder (mode 0700 by mktemp, socket 0600), not
 * on a TCP port: only the user's own account (and the portal, through it) can reach it; its X
 * display is locked with a cookie (XAUTH_SETUP).
 *
 * Arguments: folder, WxH, name, the Xvnc program, an application's command ('' for none: a shell
 * line an administrator set, run as the user in the desktop), then the window manager's argv.
 *
 * Output, last line: `started <pid> <display> <socket> <node>`, or `missing <program>` (exit 3),
 * or `failed` (exit 4) after the log's last lines.
 */
/**
 * The desktop's session, as the user on Xvnc's display (DISPLAY and XAUTHORITY set): the window
 * manager first, then (once it manages windows: a window mapped before it can stay hidden) the
 * background, a terminal and the application; when the window manager exits (the user logged
 * out), Xvnc goes too, and the portal sees the desktop ended. Arguments: Xvnc's pid, the
 * application's command ('' for none), the window manager's argv. No single quote in it: the
 * scripts below quote it whole.
 */
const DESKTOP_SESSION = String.raw`
pid=$1 app=$2
shift 2
"$@" &
wm=$!
tries=0
while [ "$tries" -lt 60 ]; do
  if command -v xprop >/dev/null 2>&1 && xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q "window id"; then break; fi
  tries=$((tries + 1))
  sleep 0.05
done
if command -v xsetroot >/dev/null 2>&1; then xsetroot -solid "#2e4a62"; fi
if command -v xterm >/dev/null 2>&1; then xterm -geometry 100x30+40+40 & fi
if [ -n "$app" ]; then sh -c "$app" & fi
wait "$wm" || true
kill "$pid" 2>/dev/null || true
`;

/**
 * The X display's own lock: an MIT-MAGIC-COOKIE in `Xauthority` of the session's folder (mode
 * 0600), given to Xvnc with -auth, so no other account on the node can open the display (read the
 * screen, send keys) through its X11 socket. Xvnc takes the file's cookies whatever their display;
 * clients look theirs up by display, added once Xvnc has picked one (`xauth_display`).
 */
const XAUTH_SETUP = String.raw`
cookie=$(mcookie 2>/dev/null || od -An -N16 -tx1 /dev/urandom | tr -d " \n")
rm -f "$dir/Xauthority"
xauth -q -f "$dir/Xauthority" add :0 MIT-MAGIC-COOKIE-1 "$cookie"
xauth_display() { xauth -q -f "$dir/Xauthority" add ":$1" MIT-MAGIC-COOKIE-1 "$cookie"; }
`;

export const START_DESKTOP_SCRIPT = String.raw`
set -eu
dir=$1 geometry=$2 name=$3 xvnc=$4 app=$5
shift 5
umask 077
for tool in "$xvnc" vncpasswd xauth; do
  command -v "$tool" >/dev/null 2>&1 || { echo "missing $tool"; exit 3; }
done
mkdir -p "$dir"
vncpasswd -f > "$dir/passwd"
${XAUTH_SETUP}
sockdir=$(mktemp -d "/tmp/portal-vnc.XXXXXXXX")
: > "$dir/display"
setsid "$xvnc" -displayfd 3 -auth "$dir/Xauthority" -geometry "$geometry" -depth 24 -SecurityTypes VncAuth \
  -rfbauth "$dir/passwd" -rfbport -1 -rfbunixpath "$sockdir/vnc.sock" -rfbunixmode 0600 \
  -AlwaysShared -AcceptSetDesktopSize -desktop "$name" \
  3>"$dir/display" >"$dir/vnc.log" 2>&1 </dev/null &
pid=$!
echo "$pid" > "$dir/pid"
echo "$sockdir" > "$dir/sockdir"
tries=0
while [ ! -s "$dir/display" ] || [ ! -S "$sockdir/vnc.sock" ]; do
  if ! kill -0 "$pid" 2>/dev/null; then tail -n 20 "$dir/vnc.log"; echo failed; exit 4; fi
  tries=$((tries + 1))
  if [ "$tries" -gt 600 ]; then kill "$pid"; tail -n 20 "$dir/vnc.log"; echo failed; exit 4; fi
  sleep 0.05
done
display=$(tr -dc 0-9 < "$dir/display")
xauth_display "$display"
DISPLAY=":$display" XAUTHORITY="$dir/Xauthority" setsid sh -c '${DESKTOP_SESSION}' desktop-session "$pid" "$app" "$@" \
  >>"$dir/vnc.log" 2>&1 </dev/null &
# setsid in a background job of a script runs in place: this pid leads the session's process group.
echo "$!" > "$dir/session.pid"
echo "started $pid $display $sockdir/vnc.sock $(hostname)"
`;

/**
 * Ends a desktop: its Xvnc (the window manager and the programs on it lose their display and
 * exit), the rest of its session, and the socket's folder. Only the user's own processes that are
 * this desktop's Xvnc and session are signalled.
 */
export const STOP_DESKTOP_SCRIPT = String.raw`
dir=$1 pid=$2
# What ran in the desktop (an application that is no X client, say) ends with it: the session's
# process group, while its leader is still the desktop's session (first: it goes when Xvnc goes).
spid=$(cat "$dir/session.pid" 2>/dev/null || true)
if [ -n "$spid" ] && [ -r "/proc/$spid/cmdline" ] && tr '\0' ' ' < "/proc/$spid/cmdline" | grep -qF -- "desktop-session $pid "; then
  kill -s TERM -- "-$spid" 2>/dev/null || true
fi
if [ -r "/proc/$pid/cmdline" ] && tr '\0' ' ' < "/proc/$pid/cmdline" | grep -qF -- "$dir/passwd"; then
  kill "$pid" 2>/dev/null || true
fi
if [ -s "$dir/sockdir" ]; then rm -rf "$(cat "$dir/sockdir")"; fi
exit 0
`;

/**
 * Which of the given desktops still run: one line per argument pair (dir, pid), "1" when that
 * pid is alive and is the Xvnc started for that folder, else "0".
 */
export const ALIVE_DESKTOPS_SCRIPT = String.raw`
while [ "$#" -ge 2 ]; do
  dir=$1 pid=$2
  shift 2
  if [ -r "/proc/$pid/cmdline" ] && tr '\0' ' ' < "/proc/$pid/cmdline" | grep -qF -- "$dir/passwd"; then
    echo 1
  else
    echo 0
  fi
done
`;

/**
 * Before a desktop job is submitted, as the user on the login node: the session's folder (in the
 * home the compute nodes share) and the passwd file from the two passwords on standard input.
 * Prints `ready`, or `missing <program>` (exit 3).
 */
export const PREPARE_JOB_DESKTOP_SCRIPT = String.raw`
set -eu
dir=$1
umask 077
command -v vncpasswd >/dev/null 2>&1 || { echo "missing vncpasswd"; exit 3; }
mkdir -p "$dir"
vncpasswd -f > "$dir/passwd"
echo ready
`;

/**
 * The body of a desktop job (batch-connect, as Open OnDemand does it): Xvnc on the compute node
 * on a TCP port (5900 + the display it picked; another free display when that port is taken), the
 * window manager in the foreground, so the desktop lives as long as the job and its time limit.
 * When Xvnc listens, `connection` in the session's folder says `<host> <port> <display> <pid>`: the
 * portal reads it there and connects through the login node. Cancelling the job, or its time
 * limit, ends every process of it (one process group: nothing here detaches).
 */
const JOB_DESKTOP_BODY = String.raw`
dir=$1 geometry=$2 name=$3 xvnc=$4 app=$5
shift 5
umask 077
cd "$dir"
for tool in "$xvnc" xauth; do
  command -v "$tool" >/dev/null 2>&1 || { echo "$tool is not installed on $(hostname)" >&2; exit 3; }
done
${XAUTH_SETUP}
tries=0
while :; do
  : > "$dir/display"
  "$xvnc" -displayfd 3 -auth "$dir/Xauthority" -geometry "$geometry" -depth 24 -SecurityTypes VncAuth -rfbauth "$dir/passwd" \
    -AlwaysShared -AcceptSetDesktopSize -desktop "$name" 3>"$dir/display" >>"$dir/vnc.log" 2>&1 </dev/null &
  xvnc_pid=$!
  waited=0
  while [ ! -s "$dir/display" ] && kill -0 "$xvnc_pid" 2>/dev/null && [ "$waited" -lt 600 ]; do
    sleep 0.05
    waited=$((waited + 1))
  done
  if [ -s "$dir/display" ] && kill -0 "$xvnc_pid" 2>/dev/null; then break; fi
  kill "$xvnc_pid" 2>/dev/null || true
  tries=$((tries + 1))
  if [ "$tries" -ge 3 ]; then echo "Xvnc did not start, see vnc.log" >&2; exit 4; fi
done
display=$(tr -dc 0-9 < "$dir/display")
xauth_display "$display"
echo "$(hostname) $((5900 + display)) $display $xvnc_pid" > "$dir/connection.new"
mv "$dir/connection.new" "$dir/connection"
DISPLAY=":$display" XAUTHORITY="$dir/Xauthority" sh -c '${DESKTOP_SESSION}' desktop-session "$xvnc_pid" "$app" "$@" >>"$dir/vnc.log" 2>&1 </dev/null
`;

/** A desktop job's script: the values quoted once into `set --`, then the fixed body. */
export const jobDesktopScript = (args: readonly string[]): string =>
  `#!/bin/sh\n# A desktop started by the portal (docs/desktops.md).\nset -- ${shellQuote(args)}\n${JOB_DESKTOP_BODY}`;
