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

# Prints the Qt major version to build with: 6 where the system packages KF6 SyntaxHighlighting (installed, or
# installable from the package manager), else 5, the way KDE applications ran on Qt 5.15 until their distribution
# packaged KF6. KFX_QT_MAJOR=5 or 6 overrides the choice.
kfx_choose_qt_major() {
    if [ -n "${KFX_QT_MAJOR:-}" ]; then
        [[ "$KFX_QT_MAJOR" == [56] ]] || { echo "kfx: KFX_QT_MAJOR must be 5 or 6, not '$KFX_QT_MAJOR'" >&2; return 1; }
        echo "$KFX_QT_MAJOR"
    elif kfx_system_offers_kf6_syntax_highlighting; then
        echo 6
    else
        echo 5
    fi
}

# Debian and Ubuntu (apt), Fedora (dnf) and Arch (pacman), each by its own name for the development package.
kfx_system_offers_kf6_syntax_highlighting() {
    local candidate
    if command -v apt-cache >/dev/null; then
        # Installed, or a candidate for installing; a name apt only knows from other packages' relations has none.
        candidate=$(apt-cache policy libkf6syntaxhighlighting-dev 2>/dev/null | awk '/Candidate:/ { print $2 }')
        [ -n "$candidate" ] && [ "$candidate" != "(none)" ]
    elif command -v dnf >/dev/null; then
        dnf -q list kf6-syntax-highlighting-devel >/dev/null 2>&1
    elif command -v pacman >/dev/null; then
        # Arch's syntax-highlighting is KF6 (syntax-highlighting5 is KF5).
        pacman -Si syntax-highlighting >/dev/null 2>&1 || pacman -Qi syntax-highlighting >/dev/null 2>&1
    else
        return 1
    fi
}

# Installs the packages of a list file that dpkg does not report as installed. When nothing is missing it does not
# touch apt at all, so a second run is quick and works offline.
kfx_install_missing_packages() {
    local list=$1 package status
    local missing=()
    if ! command -v dpkg-query >/dev/null; then
        # The lists use Debian's names; elsewhere CMake's summary names any library that is still missing.
        echo "kfx: not a Debian-based system: install the equivalents of ${list##*/} with the system's package" \
            "manager" >&2
        return 0
    fi
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
