import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

/**
 * Chart.js with only what the sentiment chart draws (stacked bars, two scales, a tooltip):
 * registered parts only, so the chunk stays small. Imported lazily by sentiment-chart.tsx.
 */
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export { Chart };
