import { render } from 'preact';
import 'uplot/dist/uPlot.min.css';
import './styles.css';
import { App } from './app.js';

// The one entry point: index.html loads this module and nothing inline (CSP default-src 'self').
const root = document.getElementById('app');
if (root) render(<App />, root);
