// Entry of embed.html (one widget in an iframe). See web/src/embed/frame.ts.
import './styles/site.css';
import './styles/embed.css';
import './styles/article-widgets.css';
import './styles/controls.css';
import './styles/no-script.css';
// The import panel of widgets with a model picker (also used by embed.js's shadow roots).
import './import/import.css';
import './embed/frame';
