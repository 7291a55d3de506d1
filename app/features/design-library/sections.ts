/**
 * The library's sections, in the order the page shows them (and its table of contents lists
 * them). Each file holds one area of the kit; add a component's specimens to its area's file.
 */
export { FoundationSection } from './foundation';
export { ButtonsSection } from './buttons';
export { FormControlsSection } from './form-controls';
export { DataDisplaySection } from './data-display';
export { FeedbackSection } from './feedback';
export { NavigationSection } from './navigation';
export { MenusTabsSection } from './menus-tabs';
export { OverlaysSection } from './overlays';
