import { createTheme } from '@mantine/core';

// UI.md: dense and calm; one accent colour (indigo); compact sizes for forms and tables.
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  components: {
    Button: { defaultProps: { size: 'sm' } },
    TextInput: { defaultProps: { size: 'sm' } },
    PasswordInput: { defaultProps: { size: 'sm' } },
    InputWrapper: { styles: { error: { whiteSpace: 'pre-line' } } },
    Table: { defaultProps: { fz: 'sm', verticalSpacing: 6 } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 200 } },
  },
});
