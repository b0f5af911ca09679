// UI text of the public HSN/SAC search (/hsn-codes-master, issue 20). English; the page is public, so its text is bundled
// with the screen rather than loaded after sign-in.
export const HSN_SEARCH_TEXT = {
  'hsnSearch.title': 'HSN/SAC codes',
  'hsnSearch.intro':
    "Search the GST portal's directory of HSN codes (goods) and SAC codes (services) by code or by words of the description. A misspelt word still finds its code.",
  'hsnSearch.label': 'Code or description',
  'hsnSearch.placeholder': 'e.g. 8471, laptop, goods transport agency',
  'hsnSearch.searching': 'Searching',
  'hsnSearch.prompt': 'Type a code (2 to 8 digits) or a few words to search.',
  'hsnSearch.count': '{shown} of {total} codes',
  'hsnSearch.empty': 'No HSN or SAC code matches "{text}". Try fewer words, the first digits of the code, or the chapter.',
  'hsnSearch.failed': 'The search failed: {message}',
  'hsnSearch.retry': 'Try again',
  'hsnSearch.more': 'Load more',
  'hsnSearch.rate': 'GST {rate}% from {date}',
  'hsnSearch.typo': 'close spelling',
  'hsnSearch.source':
    'Source: GST portal HSN/SAC directory, November 2024. A GST rate is shown only where OpenGST’s dated rates know the code; check the rate notifications for the others.',
  'hsnSearch.level.chapter': 'Chapter',
  'hsnSearch.level.heading': 'Heading',
  'hsnSearch.level.subheading': 'Sub-heading',
  'hsnSearch.level.tariffItem': 'Tariff item',
  'hsnSearch.kind.HSN': 'HSN',
  'hsnSearch.kind.SAC': 'SAC',
} as const;
