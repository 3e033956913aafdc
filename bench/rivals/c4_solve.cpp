// A driver for Christophe Steininger's c4 solver library, written for grundy's benchmark
// against it (crates/grundy-cli/benches/rivals.rs); bench/rivals/build.sh compiles it with
// c4's sources, which stay outside the repository.
//
// Reads positions from standard input, one a line: the columns played from the empty board,
// from 1 (Pons's notation, `4453`), or `-` for the empty board. For each, it empties the
// solver's table and statistics (not timed; with the argument `--keep`, the table is kept from
// one position to the next, as c4's own test keeps it through a file), solves the position
// strongly (the exact score, Pons's convention) and prints `score nodes microseconds`. A bad
// line exits with status 2.

#include <chrono>
#include <cstring>
#include <iostream>
#include <string>

#include "solver/position.h"
#include "solver/settings.h"
#include "solver/solver.h"

int main(int argc, char **argv) {
    bool keep = argc > 1 && std::strcmp(argv[1], "--keep") == 0;
    unsigned long long before = 0;
    std::ios::sync_with_stdio(false);
    Solver solver{};
    std::string line;
    int line_number = 0;
    while (std::getline(std::cin, line)) {
        line_number++;
        Position pos{};
        if (line != "-") {
            for (char c : line) {
                int col = c - '1';
                if (col < 0 || col >= BOARD_WIDTH || !pos.is_move_valid(col) || pos.is_game_over()) {
                    std::cerr << "c4_solve: line " << line_number << ": bad move '" << c << "' in '" << line
                              << "'" << std::endl;
                    return 2;
                }
                pos.move(col);
            }
        }
        if (!keep) {
            solver.clear_state();
        }
        before = solver.get_merged_stats().get_num_nodes();
        auto start = std::chrono::steady_clock::now();
        int score = solver.solve_strong(pos);
        auto micros =
            std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count();
        std::cout << score << ' ' << solver.get_merged_stats().get_num_nodes() - before << ' ' << micros << '\n'
                  << std::flush;
    }
    return 0;
}
