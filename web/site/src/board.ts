/**
 * The board component: cm-chessboard with legal-move dots, the last move, check, a hint arrow and
 * the promotion chooser. It knows squares and pieces, not the rules: it asks `canMove` and reports
 * `onMove`; the game controller decides.
 */
import { BORDER_TYPE, COLOR, Chessboard, INPUT_EVENT_TYPE, type MoveInputEvent } from 'cm-chessboard/src/Chessboard.js';
import { Accessibility } from 'cm-chessboard/src/extensions/accessibility/Accessibility.js';
import { ARROW_TYPE, Arrows } from 'cm-chessboard/src/extensions/arrows/Arrows.js';
import { MARKER_TYPE, Markers } from 'cm-chessboard/src/extensions/markers/Markers.js';
import {
  PROMOTION_DIALOG_RESULT_TYPE,
  PromotionDialog,
} from 'cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js';
import 'cm-chessboard/assets/chessboard.css';
import 'cm-chessboard/assets/extensions/markers/markers.css';
import 'cm-chessboard/assets/extensions/arrows/arrows.css';
import 'cm-chessboard/assets/extensions/promotion-dialog/promotion-dialog.css';
import { START_FEN, type Color, type MoveInfo, type PromotionPiece } from 'chess-wasm';
import { spriteHolder } from './board-look.js';

export interface BoardHandlers {
  /** The legal moves from a square, when the player may move now (else none). */
  movesFrom(square: string): MoveInfo[];
  /** The player moved. */
  onMove(from: string, to: string, promotion?: PromotionPiece): void;
  /** The player gave up a move half-way (the promotion chooser was closed): draw again. */
  onCancel(): void;
  /** The player dropped a piece where the rules do not let it go. */
  onIllegal(from: string, to: string): void;
}

const side = (color: Color) => (color === 'white' ? COLOR.white : COLOR.black);

export class Board {
  private readonly board: Chessboard;
  private readonly handlers: BoardHandlers;
  private readonly element: HTMLElement;
  /** Whom the input was last opened for, and in which position. */
  private inputFor: { color: Color | 'both' | null; fen: string } | null = null;

  constructor(element: HTMLElement, handlers: BoardHandlers) {
    this.handlers = handlers;
    this.element = element;
    // The pieces' sprite is board-look.ts's to load (the set chosen): the board finds its holder
    // there and so loads none of its own.
    spriteHolder();
    this.board = new Chessboard(element, {
      position: START_FEN,
      assetsUrl: './cm-chessboard/',
      style: { cssClass: 'default', showCoordinates: true, borderType: BORDER_TYPE.none, animationDuration: 150 },
      extensions: [
        { class: Markers, props: { autoMarkers: null } },
        { class: Arrows },
        { class: PromotionDialog },
        // The board by keyboard: Tab to it, arrow keys over the squares, Enter to pick and to drop
        // (each square and move announced). The move list and the move box say the rest.
        {
          class: Accessibility,
          props: { language: 'en', keyboardMoveInput: true, movePieceForm: false, boardAsTable: false, piecesAsList: false, brailleNotationInAlt: false },
        },
      ],
    });
    // A click anywhere off the board closes the promotion chooser, as a click on the board does.
    document.addEventListener(
      'pointerdown',
      (event) => {
        if (this.board.isPromotionDialogShown() && !this.element.contains(event.target as Node)) {
          this.cancelPromotion();
          this.handlers.onCancel();
        }
      },
      true,
    );
  }

  /** Close the promotion chooser, if it is open, without a move (a new game, another game). */
  cancelPromotion(): void {
    if (!this.board.isPromotionDialogShown()) return;
    const dialog = this.board.getExtension(PromotionDialog) as { setDisplayState(state: string): void } | undefined;
    dialog?.setDisplayState('hidden');
  }

  /** Show a position, with the last move and a king in check marked. */
  async show(fen: string, lastMove: MoveInfo | null, checkSquare: string | null): Promise<void> {
    // Name the board for assistive technology (the moves are in the list).
    const svg = this.element.querySelector('svg.cm-chessboard');
    const move = lastMove ? `, last move ${lastMove.san}` : '';
    svg?.setAttribute('aria-label', `Chess board, ${this.bottom} at the bottom${move}${checkSquare ? ', check' : ''}; arrow keys and Enter to move`);
    this.board.removeMarkers(MARKER_TYPE.square);
    this.board.removeMarkers(MARKER_TYPE.circleDanger);
    if (lastMove) {
      this.board.addMarker(MARKER_TYPE.square, lastMove.from);
      this.board.addMarker(MARKER_TYPE.square, lastMove.to);
    }
    if (checkSquare) this.board.addMarker(MARKER_TYPE.circleDanger, checkSquare);
    await this.board.setPosition(fen, true);
  }

  /**
   * Let `color` move pieces in the position `fen` ('both': either side, as on an analysis board;
   * null: nobody). Asked again for the same side in the same position (the page draws itself
   * again when a review finishes or a setting changes), it leaves the input as it is, so a piece
   * the player has picked up stays in hand; a new position starts the input afresh.
   */
  allowInput(color: Color | 'both' | null, fen: string): void {
    if (this.inputFor && this.inputFor.color === color && this.inputFor.fen === fen) return;
    this.inputFor = { color, fen };
    this.board.disableMoveInput();
    if (color) this.board.enableMoveInput((event) => this.input(event), color === 'both' ? undefined : side(color));
  }

  private input(event: MoveInputEvent): boolean {
    switch (event.type) {
      case INPUT_EVENT_TYPE.moveInputStarted: {
        const moves = this.handlers.movesFrom(event.squareFrom);
        this.board.removeLegalMovesMarkers();
        this.board.addLegalMovesMarkers(moves);
        return moves.length > 0;
      }
      case INPUT_EVENT_TYPE.validateMoveInput: {
        this.board.removeLegalMovesMarkers();
        const to = event.squareTo ?? '';
        // A castling is the king to its square or onto its rook (Chess960's way, the only one
        // when the king does not move: Kg1 with the rook on h1).
        const moves = this.handlers.movesFrom(event.squareFrom).filter((m) => m.to === to || (m.castle && m.uci.slice(2, 4) === to));
        if (moves.length === 0) {
          // Onto one's own piece is picking that piece instead, not a move to explain.
          const own = this.board.getPiece(to)?.charAt(0) === this.board.getPiece(event.squareFrom)?.charAt(0);
          if (to && to !== event.squareFrom && !own) this.handlers.onIllegal(event.squareFrom, to);
          return false;
        }
        if (moves.some((m) => m.promotion)) {
          const color = moves[0]?.piece === 'P' ? COLOR.white : COLOR.black;
          this.board.showPromotionDialog(to, color, (result) => {
            if (result.type === PROMOTION_DIALOG_RESULT_TYPE.pieceSelected && result.piece) {
              this.handlers.onMove(event.squareFrom, to, result.piece.slice(-1) as PromotionPiece);
            } else {
              this.handlers.onCancel();
            }
          });
          return true;
        }
        // Let the board finish its own move first, then report it.
        queueMicrotask(() => this.handlers.onMove(event.squareFrom, to));
        return true;
      }
      case INPUT_EVENT_TYPE.moveInputCanceled:
        this.board.removeLegalMovesMarkers();
        return true;
      default:
        return true;
    }
  }

  /** Draw a reviewed move: the move played (red when it is marked, else grey) and the better one (green). */
  reviewArrows(played: { from: string; to: string; bad: boolean } | null, best: { from: string; to: string } | null): void {
    this.board.removeArrows();
    if (played) this.board.addArrow(played.bad ? ARROW_TYPE.danger : ARROW_TYPE.secondary, played.from, played.to);
    if (best) this.board.addArrow(ARROW_TYPE.success, best.from, best.to);
  }

  /** Mark a premove's squares (or clear them). */
  premove(move: { from: string; to: string } | null): void {
    this.board.removeMarkers(MARKER_TYPE.frame);
    if (move) {
      this.board.addMarker(MARKER_TYPE.frame, move.from);
      this.board.addMarker(MARKER_TYPE.frame, move.to);
    }
  }

  /** The square under a pointer event (null: off the squares). */
  squareAt(event: MouseEvent): string | null {
    const svg = this.element.querySelector('svg');
    if (!svg) return null;
    const box = svg.getBoundingClientRect();
    const x = Math.floor(((event.clientX - box.left) / box.width) * 8);
    const y = Math.floor(((event.clientY - box.top) / box.height) * 8);
    if (x < 0 || x > 7 || y < 0 || y > 7) return null;
    const white = this.bottom === 'white';
    return `${'abcdefgh'[white ? x : 7 - x]}${white ? 8 - y : y + 1}`;
  }

  /** Draw the hint arrow (or clear it). */
  hint(move: { from: string; to: string } | null): void {
    this.board.removeArrows();
    if (move) this.board.addArrow(ARROW_TYPE.info, move.from, move.to);
  }

  /** Put `color` at the bottom. */
  async orient(color: Color): Promise<void> {
    if (this.board.getOrientation() !== side(color)) await this.board.setOrientation(side(color), true);
  }

  /** The colour at the bottom. */
  get bottom(): Color {
    return this.board.getOrientation() === COLOR.white ? 'white' : 'black';
  }
}
