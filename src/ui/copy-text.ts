// One copy routine for the app and the phone pages: it lives with the phone pages' shared pieces (src/phone-share/),
// which may not import the UI kit.
export { copyText } from '../phone-share/copy-text';
