import { ApiError } from './http';
import { decodeErrorBody } from './httpErrors';
import { readAuthToken } from './storage';
import { HEADERS } from '@opengst/contracts';

/**
 * A multipart POST that reports how much of the body has been sent (`onSent`, 0 to 1), which the JSON client cannot:
 * the import and document uploads show it while a large file goes up. Answers the envelope's `data`; a refusal
 * rejects with the same ApiError the JSON client raises.
 */
export const uploadWithProgress = <T>(url: string, form: FormData, onSent: (fraction: number) => void): Promise<T> =>
  new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('accept', 'application/json');
    const token = readAuthToken();
    if (token) request.setRequestHeader(HEADERS.authToken, token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onSent(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, null, null));
    request.onload = () => {
      const requestId = request.getResponseHeader(HEADERS.requestId);
      if (request.status >= 200 && request.status < 300) {
        resolve((JSON.parse(request.responseText) as { data: T }).data);
        return;
      }
      void decodeErrorBody(request.responseText).then((body) => reject(new ApiError(request.status, body, requestId)));
    };
    request.send(form);
  });
