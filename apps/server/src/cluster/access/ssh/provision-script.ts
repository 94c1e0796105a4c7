/*
 * The one script the service identity runs to provision a user, as
 *   sh -c '<PROVISION_SCRIPT>' sh <user> <createAccount 0|1>
 * with the public keys on standard input, one per line. It is constant: the user name and the
 * flag arrive as positional parameters, the keys as data, so nothing a user typed becomes code.
 *
 * The account (useradd when allowed and missing, with '*' so key logins work without a password)
 * and its home are made as root; ~/.ssh and authorized_keys are written *as the user* (runuser),
 * so a link the user planted there cannot make root write elsewhere. Keys already present are
 * not added again: running it twice changes nothing.
 */
const AS_USER = `umask 077
mkdir -p "$HOME/.ssh"
chmod 700 "$HOME/.ssh"
touch "$HOME/.ssh/authorized_keys"
chmod 600 "$HOME/.ssh/authorized_keys"
while IFS= read -r key; do
  [ -n "$key" ] || continue
  grep -qxF -- "$key" "$HOME/.ssh/authorized_keys" || printf '%s\\n' "$key" >>"$HOME/.ssh/authorized_keys"
done`;

export const PROVISION_SCRIPT = `set -eu
user=$1
create=$2
if ! getent passwd "$user" >/dev/null; then
  if [ "$create" != 1 ]; then echo "no POSIX account $user on this node (createAccounts is off)" >&2; exit 3; fi
  useradd -m -s /bin/bash -p '*' -- "$user"
fi
home=$(getent passwd "$user" | cut -d: -f6)
group=$(id -gn -- "$user")
[ -d "$home" ] || install -d -m 700 -o "$user" -g "$group" -- "$home"
exec runuser -u "$user" -- env HOME="$home" sh -c '${AS_USER.replaceAll("'", `'\\''`)}'`;
