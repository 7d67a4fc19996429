// The parts of cm-chessboard (plain JavaScript, no types of its own) that the page uses.
declare module 'cm-chessboard/src/Chessboard.js' {
  export const COLOR: { white: 'w'; black: 'b' };
  export const INPUT_EVENT_TYPE: {
    moveInputStarted: 'moveInputStarted';
    movingOverSquare: 'movingOverSquare';
    validateMoveInput: 'validateMoveInput';
    moveInputCanceled: 'moveInputCanceled';
    moveInputFinished: 'moveInputFinished';
  };
  export const BORDER_TYPE: { none: 'none'; thin: 'thin'; frame: 'frame' };
  export interface MoveInputEvent {
    type: string;
    squareFrom: string;
    squareTo?: string;
    piece?: string;
  }
  export class Chessboard {
    constructor(element: HTMLElement, props: object);
    setPosition(fen: string, animated?: boolean): Promise<void>;
    setOrientation(color: 'w' | 'b', animated?: boolean): Promise<void>;
    getOrientation(): 'w' | 'b';
    enableMoveInput(handler: (event: MoveInputEvent) => boolean | void, color?: 'w' | 'b'): void;
    disableMoveInput(): void;
    addMarker(type: object, square: string): void;
    removeMarkers(type?: object, square?: string): void;
    addLegalMovesMarkers(moves: { to: string; promotion?: string | null }[]): void;
    removeLegalMovesMarkers(): void;
    addArrow(type: object, from: string, to: string): void;
    removeArrows(type?: object): void;
    showPromotionDialog(square: string, color: 'w' | 'b', callback: (result: { type: string; piece?: string }) => void): void;
    isPromotionDialogShown(): boolean;
    getPiece(square: string): string | null | undefined;
    getExtension(extension: unknown): unknown;
  }
}
declare module 'cm-chessboard/src/extensions/markers/Markers.js' {
  export const MARKER_TYPE: Record<'frame' | 'square' | 'dot' | 'bevel' | 'circleDanger' | 'circlePrimary', object>;
  export class Markers {}
}
declare module 'cm-chessboard/src/extensions/arrows/Arrows.js' {
  export const ARROW_TYPE: Record<'default' | 'info' | 'success' | 'secondary' | 'warning' | 'danger', object>;
  export class Arrows {}
}
declare module 'cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js' {
  export const PROMOTION_DIALOG_RESULT_TYPE: { pieceSelected: 'pieceSelected'; canceled: 'canceled' };
  export class PromotionDialog {}
}
declare module 'cm-chessboard/src/extensions/accessibility/Accessibility.js' {
  export class Accessibility {}
}
