import { ERROR_CATALOGUE, type ErrorCode, type ErrorItem } from '@opengst/contracts';

/** The one error class: a catalogue code, optionally a field and a message that overrides the catalogue text. */
export class AppError extends Error {
  readonly status: number;
  readonly items: ErrorItem[];

  constructor(
    readonly code: ErrorCode,
    options: { propertyName?: string; message?: string; items?: ErrorItem[] } = {},
  ) {
    const message = options.message ?? ERROR_CATALOGUE[code].message;
    super(message);
    this.status = ERROR_CATALOGUE[code].status;
    this.items = options.items ?? [
      { code, message, type: 'Error', ...(options.propertyName ? { propertyName: options.propertyName } : {}) },
    ];
  }
}

/** A 422 carrying several field errors at once (for example every broken password rule). */
export const validationError = (items: ErrorItem[]): AppError => new AppError('GEN0009', { items });
