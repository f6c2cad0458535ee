# shellcheck shell=bash
# Shared by scripts/run, scripts/test and scripts/debian13-root (sourced, not run).

# The clone's top folder, whichever folder the caller was started from; without symbolic links, since scripts/test
# mounts it by this path.
kfx_repo_root() {
    cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P
}

# Prints the packages named in a list file (scripts/packages-*.txt), one a line, without comments or blanks.
kfx_read_package_list() {
    local list=$1
    sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "$list"
}

# Installs the packages of a list file that dpkg does not report as installed. When nothing is missing it does not
# touch apt at all, so a second run is quick and works offline.
kfx_install_missing_packages() {
    local list=$1 package status
    local missing=()
    while IFS= read -r package; do
        status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)
        [ "$status" = installed ] || missing+=("$package")
    done < <(kfx_read_package_list "$list")
    [ "${#missing[@]}" -eq 0 ] && return 0

    if [ "$(id -u)" -ne 0 ]; then
        echo "kfx: missing Debian packages: ${missing[*]} — run as root, or install them with apt-get" >&2
        return 1
    fi
    echo "kfx: installing ${missing[*]}" >&2
    # A lock timeout instead of failing at once: another build on this machine may be installing at the same time.
    export DEBIAN_FRONTEND=noninteractive
    apt-get -o DPkg::Lock::Timeout=600 update -qq
    apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}"
}
