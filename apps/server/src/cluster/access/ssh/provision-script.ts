/*
 * The one script the service identity runs to provision a user, as
 *   sh -c '<PROVISION_SCRIPT>' sh <user> <createAccount 0|1>
 * with the public keys on standard input, one per line, and keys to revoke as lines '-<base64 key
 * blob>'. It is constant: the user name and the flag arrive as positional parameters, the keys as
 * data, so nothing a user typed becomes code.
 *
 * The account (useradd when allowed and missing, with '*' so key logins work without a password)
 * and its home are made as root; ~/.ssh and authorized_keys are written *as the user* (runuser),
 * so a link the user planted there cannot make root write elsewhere. Keys already present are
 * not added again: running it twice changes nothing. A revoked blob removes every line holding it
 * (also lines the user added with options in front); the file is rewritten through a temporary
 * file in ~/.ssh, still as the user.
 */
const AS_USER = `umask 077
mkdir -p "$HOME/.ssh"
chmod 700 "$HOME/.ssh"
touch "$HOME/.ssh/authorized_keys"
chmod 600 "$HOME/.ssh/authorized_keys"
keys="$HOME/.ssh/authorized_keys"
while IFS= read -r key; do
  case $key in
    '') ;;
    -*)
      # Only a complete rewrite replaces the file: a failing awk must not leave it empty.
      if awk -v blob="\${key#-}" '{ for (i = 1; i <= NF; i++) if ($i == blob) next } { print }' "$keys" >"$keys.portal-new"; then
        mv -f -- "$keys.portal-new" "$keys"
      else
        rm -f -- "$keys.portal-new"; echo "revoking a key failed" >&2; exit 4
      fi ;;
    *) grep -qxF -- "$key" "$keys" || printf '%s\\n' "$key" >>"$keys" ;;
  esac
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
