import { saveFile } from '../../../lib/save-file';

/** Saves text as a UTF-8 plain-text file through the browser's download. */
export function saveTextFile(fileName: string, text: string) {
  saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName);
}
