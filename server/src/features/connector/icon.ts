/**
 * Connector icons go out as upstream sends them: the SVG's text in base64. The 1.4.0 client decodes
 * it and puts the markup into its page; ours shows it only as an image (web ConnectorIcon).
 */
export const svgBase64 = (svg: string): string => Buffer.from(svg, 'utf8').toString('base64');
