import { ErrCode, cancelUpload, startUpload, uploadChunk, uploadStatus, type UploadState } from '@portal/shared';
import { ApiError, NetworkError, api, contractUrl, readCookie } from '../../../lib/api-client';
import type { UploadTransport } from './upload-runner';

/**
 * One chunk by XMLHttpRequest, the only browser API that reports upload progress: PATCH raw bytes
 * at the Upload-Offset header (the contract of uploadChunk).
 */
const sendChunk = (uploadId: string, offset: number, chunk: Blob, onBytes: (n: number) => void, signal: AbortSignal) =>
  new Promise<UploadState>((ok, fail) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PATCH', contractUrl(uploadChunk, { params: { uploadId } }));
    xhr.setRequestHeader('content-type', 'application/offset+octet-stream');
    xhr.setRequestHeader('upload-offset', String(offset));
    xhr.setRequestHeader('accept', 'application/json');
    const csrf = readCookie('XSRF-TOKEN');
    if (csrf) xhr.setRequestHeader('x-xsrf-token', decodeURIComponent(csrf));
    xhr.upload.onprogress = (e) => onBytes(e.loaded);
    xhr.onerror = () => fail(new NetworkError(false));
    xhr.ontimeout = () => fail(new NetworkError(true));
    xhr.onabort = () => fail(signal.reason as Error);
    xhr.onload = () => {
      let json: { errCode?: number; errMsg?: string; data?: Record<string, unknown> } = {};
      try {
        json = JSON.parse(xhr.responseText) as typeof json;
      } catch {
        // A proxy's HTML error page: the status still says what happened.
      }
      if (xhr.status >= 200 && xhr.status < 300 && json.errCode === ErrCode.SUCCESS) ok(json.data as UploadState);
      else fail(new ApiError(json.errCode ?? ErrCode.INTERNAL, json.errMsg ?? xhr.statusText, xhr.status, json.data ?? {}));
    };
    signal.addEventListener('abort', () => xhr.abort());
    xhr.send(chunk);
  });

export const uploadTransport: UploadTransport = {
  start: (t, signal) => api(startUpload, { body: t, signal }),
  status: (uploadId, signal) => api(uploadStatus, { params: { uploadId }, signal }),
  send: sendChunk,
  cancel: async (uploadId) => {
    await api(cancelUpload, { params: { uploadId } });
  },
};
