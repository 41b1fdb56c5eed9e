// The map tools of the floating toolbar: filter, layers, search and legend.
export { FilterTool } from './filter';
export { LayersTool } from './layers';
export { SearchTool } from './search';
export { LegendTool } from './legend';
