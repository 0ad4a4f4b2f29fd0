// Self-hosted Noto Sans Tamil: the three weights the app uses, each limited to the Tamil characters (fonts.css).
import './fonts.css';
