import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { ToastConfig } from '../../contract/limits.js';

/** The notifications area of docs/product.md section 2, loaded with the first notice. */
export default function NoticesArea() {
  return <ToastContainer {...ToastConfig} />;
}
