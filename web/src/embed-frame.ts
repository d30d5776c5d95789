// Entry of embed.html (one widget in an iframe). See web/src/embed/frame.ts.
import './styles/site.css';
import './styles/embed.css';
import './styles/article-widgets.css';
import './embed/frame';
