/// Draws distinct users, never `excluded`: random draws first, then, only if draws keep
/// repeating (in tiny communities or when nearly everyone is taken), the next free users in turn.
enum DistinctUsers {
    static func choose(
        count: Int, among userCount: Int, excluding excluded: Int, attemptsPerUser: Int,
        using generator: inout SeededGenerator, draw: (inout SeededGenerator) -> Int
    ) -> [Int] {
        var chosen: [Int] = []
        chosen.reserveCapacity(count)
        var seen: Set<Int> = [excluded]  // membership only: Set order is not deterministic
        var attemptsLeft = attemptsPerUser * count + attemptsPerUser
        while chosen.count < count, attemptsLeft > 0 {
            attemptsLeft -= 1
            let candidate = draw(&generator)
            if seen.insert(candidate).inserted {
                chosen.append(candidate)
            }
        }
        var candidate = generator.nextInt(below: userCount)
        while chosen.count < count {
            if seen.insert(candidate).inserted {
                chosen.append(candidate)
            }
            candidate = (candidate + 1) % userCount
        }
        return chosen
    }
}
