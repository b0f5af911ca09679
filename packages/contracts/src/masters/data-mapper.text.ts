// UI text of the data mapper (/data-mapper, /ap/redirect), issue 20: the subscriber's own column names for the import
// templates' columns. English; a part of RESOURCES, served by master/resources.
export const DATA_MAPPER_TEXT = {
  'masters.tile.DataMapper': 'Your own column names for the import templates’ columns, read by every import of that type.',
  'dataMapper.intro':
    'Map the column names of your own files to the template’s columns once: every later import of this type reads them. Names are matched ignoring case, spaces and punctuation.',
  'dataMapper.importType': 'Import type',
  'dataMapper.column': 'Template column',
  'dataMapper.required': 'Required',
  'dataMapper.format': 'Format',
  'dataMapper.knownHeaders': 'Also read',
  'dataMapper.aliases': 'Your column names',
  'dataMapper.addAlias': 'Add a name for {column}',
  'dataMapper.aliasPlaceholder': 'Your column name',
  'dataMapper.add': 'Add',
  'dataMapper.remove': 'Remove {alias}',
  'dataMapper.save': 'Save mapping',
  'dataMapper.saved': 'Mapping saved: {n} of your column names.',
  'dataMapper.savedOne': 'Mapping saved: 1 of your column names.',
  'dataMapper.unsaved': 'Unsaved changes',
  'dataMapper.export': 'Export mapping',
  'dataMapper.import': 'Import a file',
  'dataMapper.tooLong': 'A column name has at most {max} characters.',
  'dataMapper.duplicate': '"{alias}" is already a name of {column}.',
  'dataMapper.redirecting': 'Opening the data mapper…',
} as const;
