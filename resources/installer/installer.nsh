; Included by electron-builder's NSIS installer (electron-builder.yml: nsis.include).
; docs/it-deployment.md has the command lines.

; A per-machine install (/allusers) makes the policy file's folder, %ProgramData%\CounterApp,
; writable by Administrators and SYSTEM only (Users may read): the app honours a policy file
; only where nobody else can write it.
!macro customInstall
  ${if} $installMode == "all"
    ReadEnvStr $0 "ProgramData"
    CreateDirectory "$0\CounterApp"
    nsExec::ExecToLog '"$SYSDIR\icacls.exe" "$0\CounterApp" /inheritance:r /grant:r *S-1-5-32-544:(OI)(CI)F *S-1-5-18:(OI)(CI)F *S-1-5-32-545:(OI)(CI)RX'
    Pop $1
  ${endIf}
!macroend

; Uninstalling keeps the order journal and settings (a shop's records outlive an app
; version). `/PURGE` on the uninstaller's command line removes them for the user running it.
!macro customUnInstall
  ${GetParameters} $R0
  ClearErrors
  ${GetOptions} $R0 "/PURGE" $R1
  ${ifNot} ${Errors}
    ; The app's data is the user's own (%APPDATA%), whatever the install mode.
    SetShellVarContext current
    RMDir /r "$APPDATA\${PRODUCT_NAME}"
  ${endIf}
!macroend
