// The text of /home (modules §2.7), served before sign-in with the other pre-login resources. It says what this
// product does today; the figures quoted are the project's own benchmarks (npm run bench), with where they were taken.

export const HOME_TEXT = {
  'home.heading': 'OpenGST',
  'home.body':
    'GST compliance for Indian businesses, on your own server: sales and purchase registers; GSTR-1 and GSTR-1A from your books to the GST portal; purchase reconciliation against GSTR-2A, GSTR-2B and IMS; GSTR-3B prepared from your books figure by figure; vendor payments with the GST of unreported invoices held back. E-invoices and e-way bills are on the way.',
  'home.login': 'Login',
  'home.hsnSearch': 'Search HSN/SAC codes',
  'home.menu.label': 'Sections of this page',
  'home.menu.home': 'Home',
  'home.menu.keyOfferings': 'Key offerings',
  'home.menu.features': 'Features',
  'home.menu.whyUs': 'Why us',
  'home.menu.integrations': 'Integrations',
  'home.menu.hsnSearch': 'HSN/SAC search',
  'home.offerings.heading': 'Key offerings',
  'home.offerings.returns.title': 'Returns from your books',
  'home.offerings.returns.body':
    'GSTR-1 and GSTR-1A generated from the sales register, saved, submitted and filed with EVC at the GST portal. GSTR-3B computed from GSTR-1, the purchase register and GSTR-2B, each figure beside yours with the documents behind it.',
  'home.offerings.returns.alt': 'GSTR-3B tables 3 to 5 computed from the books, with the system figure and the user figure of each row',
  'home.offerings.setOff.title': 'Set-off, challans and filing',
  'home.offerings.setOff.body':
    'The cheapest lawful use of your credit (sections 49, 49A, 49B, Rule 88A), interest and late fee counted to the day, the challan for the cash still due, then offset and filing; DRC-01B and DRC-01C read and answered.',
  'home.offerings.setOff.alt': 'GSTR-3B table 6.1 with the cash still to deposit, the ledgers and how the set-off was chosen',
  'home.offerings.reconciliation.title': 'Purchase reconciliation and IMS',
  'home.offerings.reconciliation.body':
    'Your purchase register against GSTR-2A, GSTR-2B and IMS for many GSTINs at once: matched, within tolerance, mismatched, renumbered or only on one side, with the difference in rupees, the ITC at risk and an IMS action recommended for each record.',
  'home.offerings.reconciliation.alt': 'The GSTR-2A/2B reconciliation list with statuses, supplier, books and portal figures',
  'home.offerings.imports.title': 'Imports that say what is wrong',
  'home.offerings.imports.body':
    'Excel, CSV and the portal’s JSON: your own column names mapped once, every row checked (GSTIN check character, rates on the document date, tax against rate) and each error shown with its row, column and value.',
  'home.offerings.imports.alt': 'An import with three rows in error, each shown with its row, column, value and message',
  'home.features.heading': 'Features',
  'home.features.gstins': 'Many GSTINs: businesses, locations and child locations, each user limited to the ones assigned',
  'home.features.rights': 'Roles with rights screen by screen, checked by the server on every request',
  'home.features.audit': 'An audit trail of every change, and every call made to the GST portal in Data Activities',
  'home.features.registers': 'Sales and purchase registers that tie to the returns, with filters, saved views and Excel export',
  'home.features.gstr2b': 'GSTR-2B downloads with their cut-off windows explained, for many GSTINs and periods in one go',
  'home.features.vendorPayments': 'Vendor payments with the GST held back until the invoice appears in GSTR-2B',
  'home.features.signIn': 'Two-factor sign-in, password policy and session control',
  'home.features.hsn': 'The official HSN/SAC directory, searchable by code and by words',
  'home.whyUs.heading': 'Why OpenGST',
  'home.whyUs.open': 'Open source and self-hosted: your returns and your suppliers’ data stay on your own server.',
  'home.whyUs.fast':
    'Fast on large books: a GSTR-3B of 5,00,000 sales and 5,00,000 purchases computed in 36 seconds, a reconciliation of 10,00,000 purchases against 10,00,000 portal documents in 84 seconds (the project’s benchmarks on a two-core server, November 2026).',
  'home.whyUs.explained': 'Every figure explained: the law behind a lock, the documents behind a total, the reason behind a refusal.',
  'home.integrations.heading': 'Integrations',
  'home.integrations.portal':
    'GST portal: returns, ledgers, GSTR-2A/2B and IMS through the portal’s API. This installation shows whether it is connected to the GST portal or to OpenGST’s own sandbox of it.',
  'home.integrations.database': 'PostgreSQL, or the embedded database for a single server',
  'home.integrations.files': 'Excel and CSV registers (Tally and ERP exports), the portal’s GSTR-2A/2B JSON and Excel',
  'home.integrations.mail': 'E-mail through your own SMTP server for sign-in codes, notices and reminders',
} as const satisfies Record<string, string>;
