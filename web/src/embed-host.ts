// Entry behind embed-host.js: the host side of the iframe protocol.
import './embed/host';
