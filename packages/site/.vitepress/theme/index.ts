// The default VitePress theme plus the playground's styles.
import DefaultTheme from 'vitepress/theme';
import './playground.css';

export default DefaultTheme;
