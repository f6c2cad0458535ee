# Installs the build into DESTDIR with prefix /usr, as a distribution package does, and checks that each file is
# where the freedesktop.org specifications (and the FHS) say a desktop looks for it; then runs the tools a package
# runs on the installed tree. Run by ctest: cmake -DBUILD_DIR=... -DDESTDIR=... -DAPP_ID=... -P checkinstall.cmake
file(REMOVE_RECURSE ${DESTDIR})
execute_process(COMMAND ${CMAKE_COMMAND} -E env DESTDIR=${DESTDIR}
                        ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix /usr
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake --install failed: ${rc}")
endif()

set(root ${DESTDIR}/usr)
set(expected
    bin/kfx
    share/applications/${APP_ID}.desktop
    share/metainfo/${APP_ID}.metainfo.xml
    share/mime/packages/${APP_ID}.xml
    share/icons/hicolor/scalable/apps/${APP_ID}.svg)
# The sizes the issue asks for; each PNG must really be that size, not a copy of another.
set(sizes 16 22 24 32 48 64 128 256)
foreach(size IN LISTS sizes)
    list(APPEND expected share/icons/hicolor/${size}x${size}/apps/${APP_ID}.png)
endforeach()
foreach(path IN LISTS expected)
    if(NOT EXISTS ${root}/${path})
        message(FATAL_ERROR "not installed: /usr/${path}")
    endif()
endforeach()

# A PNG's width and height are the big-endian 32-bit words at bytes 16 and 20 (the IHDR chunk).
foreach(size IN LISTS sizes)
    set(png ${root}/share/icons/hicolor/${size}x${size}/apps/${APP_ID}.png)
    file(READ ${png} header OFFSET 16 LIMIT 8 HEX)
    string(SUBSTRING "${header}" 0 8 width_hex)
    string(SUBSTRING "${header}" 8 8 height_hex)
    math(EXPR width "0x${width_hex}")
    math(EXPR height "0x${height_hex}")
    if(NOT width EQUAL size OR NOT height EQUAL size)
        message(FATAL_ERROR "${png} is ${width}x${height}, not ${size}x${size}")
    endif()
endforeach()

# Nothing outside the FHS places a package may use under its prefix (nothing in etc/, var/ or the prefix's top).
file(GLOB_RECURSE installed RELATIVE ${DESTDIR} LIST_DIRECTORIES false ${DESTDIR}/*)
foreach(path IN LISTS installed)
    if(NOT path MATCHES "^usr/(bin|lib|libexec|share)/")
        message(FATAL_ERROR "installed outside the FHS places for a package: /${path}")
    endif()
endforeach()

function(run_checked)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "${ARGN} failed (${rc}):\n${out}")
    endif()
    set(output "${out}" PARENT_SCOPE)
endfunction()

# The installed tree as a whole: the metainfo names a desktop file and an icon that are really there.
run_checked(${APPSTREAMCLI} validate-tree --pedantic --no-net ${DESTDIR})
if(output MATCHES "(^|\n)[EWP]: ")
    message(FATAL_ERROR "appstreamcli validate-tree:\n${output}")
endif()
run_checked(${DESKTOP_FILE_VALIDATE} ${root}/share/applications/${APP_ID}.desktop)

# shared-mime-info reads the package's XML and maps *.kfx-workspace to the type the desktop file opens.
run_checked(${UPDATE_MIME_DATABASE} ${root}/share/mime)
file(STRINGS ${root}/share/mime/globs2 globs REGEX "application/x-kfx-workspace:\\*\\.kfx-workspace$")
if(NOT globs)
    message(FATAL_ERROR "update-mime-database did not map *.kfx-workspace to application/x-kfx-workspace")
endif()
file(STRINGS ${root}/share/applications/${APP_ID}.desktop mime_line REGEX "^MimeType=.*application/x-kfx-workspace;")
if(NOT mime_line)
    message(FATAL_ERROR "the desktop file does not open application/x-kfx-workspace")
endif()
message(STATUS "installed into ${DESTDIR}: ${expected}")
