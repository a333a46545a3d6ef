//go:build js

package main

import (
	"os"
	"syscall/js"
)

// run answers the page's calls in a browser, tablesideEngine.answer(requestJSON) returning the
// answer's JSON, and stays to answer them; under Node, with no page, it answers the requests
// of stdin as the native build does.
func run() error {
	if !js.Global().Get("document").Truthy() {
		return new(engine).answerLines(os.Stdin, os.Stdout)
	}
	en := new(engine)
	answer := js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return string(en.answerJSON(nil))
		}
		return string(en.answerJSON([]byte(args[0].String())))
	})
	js.Global().Set("tablesideEngine", js.ValueOf(map[string]any{"answer": answer}))
	// The page learns the engine is ready from this event, not by polling for it.
	js.Global().Get("document").Call("dispatchEvent", js.Global().Get("Event").New("tableside-engine"))
	select {}
}
