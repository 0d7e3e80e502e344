// A Bootstrap Icons file imported as its shapes (web/bootstrap-icons.ts).
declare module 'bootstrap-icons/icons/*.svg?icon' {
  const shapes: string;
  export default shapes;
}
