// The command's help lines, apart from the command so that the CLI's help loads nothing else.
export const THEME_USAGE = `  theme check [dir]       lint a theme (docs/theme-check.md): template syntax, unknown formatters, missing
                          partials and templates, undeclared settings, images without alt; without dir, the
                          site's theme [--site <identifier>] [--format text|json]; exit status 1 on errors`;
